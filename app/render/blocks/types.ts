import type * as z from "zod";
import type { Visibility } from "#schemas/config";
import type { DataOf } from "./block";
import type * as blocks from "./index";

type List = typeof blocks;

export type BlockType = keyof List;
/** A block as parsed: its own fields and the `when` / `from` / `until` every block may carry (kinds.server.ts). */
export type BlockOf<T extends BlockType> = z.output<List[T]["server"]["schema"]> & Visibility;
export type Block = { [T in BlockType]: BlockOf<T> }[BlockType];
/** What each block's loader gives its view (null for a block without one). */
export type BlockData<T extends BlockType> = DataOf<List[T]["server"]>;
export type ResolvedBlock = { [T in BlockType]: { block: BlockOf<T>; data: BlockData<T> } }[BlockType];

/** A block exported under a name other than its `type` would never be found: a compile error here. */
type Misnamed = { [T in BlockType]: BlockOf<T>["type"] extends T ? never : T }[BlockType];
export type EveryBlockNamedByItsType = [Misnamed] extends [never] ? true : { misnamed: Misnamed };

/** A block as written in the config, before its schema fills the defaults. */
export type BlockInputOf<T extends BlockType> = z.input<List[T]["server"]["schema"]>;
export type BlockInput = { [T in BlockType]: BlockInputOf<T> }[BlockType];

import type { ComponentType } from "react";
import type * as z from "zod";
import type { OfferSource } from "~/features/recharge/catalogue.server";
import type { BlockKind } from "~/lib/config/blocks";
import type { Viewer } from "~/features/flags/visibility";

/**
 * What a loader gets besides its block: the page's request, the offers source the page's blocks
 * share, the visitor (for what the block lists that carries `when`, `from` / `until`), and the
 * client's address (for the attempt limits of a block that asks the upstream about what the
 * visitor typed; empty where no request context is given).
 */
export type BlockContext = { request: Request; offers: OfferSource; viewer?: Viewer; clientIp: string };

/**
 * A block type's server side (its folder's block.server.ts): the schema of its JSON, and
 * optionally its data loader and what config:check verifies beyond the schema. A `*.server`
 * module, so the browser bundle carries neither zod nor the loaders.
 */
// `any`: the constraint every block type's server side meets, whatever its block.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type BlockServer<B extends { type: string } = any> = BlockKind<B> & { load?: (block: B, context: BlockContext) => unknown };

/** The data a block's loader gives its view; null for a block that needs none. */
export type DataOf<S> = S extends { load: (...args: never[]) => infer R } ? Awaited<R> : null;

/** What a view gets: its block as parsed, and its loader's data. */
export type ViewProps<B, D = null> = { block: B; data: D; headingLevel: 1 | 2 };

/** A block type: its view and its server side; the view must take the block and data these give. */
export type BlockDefinition<S extends BlockServer> = {
  view: ComponentType<ViewProps<z.output<S["schema"]>, DataOf<S>>>;
  server: S;
  /**
   * A block a person interacts with (a form, an embed that runs code): React hydrates it. Any other
   * block is server HTML the browser keeps as it is (~/components/static-html), links included.
   */
  interactive?: true;
};

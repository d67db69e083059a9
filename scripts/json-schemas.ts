/**
 * The JSON Schemas of pages-config/, built from the zod schemas (zod 4's z.toJSONSchema), for
 * editors (completion, descriptions, underlined mistakes). `npm run config:schemas` writes them
 * to schemas/json/ and maps them in .vscode/settings.json; a unit test fails when the written
 * ones differ from what this builds (docs/config.md "JSON Schemas").
 *
 * What zod cannot say in JSON Schema is done here, after z.toJSONSchema:
 * - A page's and a modal's `blocks` are loose in zod (each block is parsed on its own so a broken
 *   one is skipped); here each item is one of the block types of app/render/blocks.
 * - A union told apart by a constant field (a block's `type`, a banner's `action`, a footer entry's
 *   `type`…) becomes an `enum` of that field, listing the values for completion, plus one
 *   `if`/`then` per value: a misspelled value is then one error at that field, not one per branch.
 * - A field marked `.meta({ "x-enum": "offerIds" })` (a reference to an offer) gets the offer ids
 *   of recharges.json as its `enum`; the mark is removed.
 * - A record keyed by a closed set (flags.json) lists each key as a property, for completion.
 * - A `z.url` limited to a protocol or a host (https only; apps.apple.com) gets a `pattern` saying so.
 * - The file's top level accepts `$schema` (the path to its schema), which the loaders ignore.
 * - Every field gets a Spanish `title` (labelFields).
 * - Refinements (`.refine`, `.superRefine`: repeated ids, a category's type codes…) have no JSON
 *   Schema; config:check still checks them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RJSFSchema } from "@rjsf/utils";
import { compileSchemaValidatorsCode } from "@rjsf/validator-ajv8/compileSchemaValidators";
import * as z from "zod";
import fieldLabels from "../locales/es-MX/config-fields.json";
import { configFiles, type ConfigKind } from "../app/lib/config/files";
import { blockKinds } from "../app/render/blocks/kinds.server";

export type JsonSchema = { [key: string]: unknown };

/** Where the schemas are written, relative to the repository. */
export const SCHEMA_FOLDER = "schemas/json";

/** Each kind of file: its schema file, the files it covers (glob, from the config folder) and a title. */
export const schemaFiles: Record<ConfigKind, { file: string; glob: string; title: string }> = {
  site: { file: "site.schema.json", glob: "site.json", title: "Sitio: marca, menú, pie de página, barra lateral y redirecciones" },
  flags: { file: "flags.schema.json", glob: "flags.json", title: "Flags: qué funciones están encendidas y para quién" },
  widget: { file: "widget.schema.json", glob: "widget.json", title: "Widget de descubrimiento: servicios y tiendas" },
  recharges: { file: "recharges.schema.json", glob: "recharges.json", title: "Recargas: categorías, ofertas, destinos internacionales y recurrentes" },
  page: { file: "page.schema.json", glob: "pages/*.json", title: "Página: ruta, textos para buscadores, acceso y bloques" },
  modal: { file: "modal.schema.json", glob: "modals/*.json", title: "Modal de contenido (?modal=id): título y bloques" },
  banners: { file: "banners.schema.json", glob: "banners/*.json", title: "Banners de una vista (el último segmento de la ruta; inicio para /)" },
};

/** One of the block types, told apart by `type`. */
function blockUnion() {
  const schemas = Object.values(blockKinds).map((kind) => kind.schema) as unknown as [z.ZodObject, ...z.ZodObject[]];
  return z.discriminatedUnion("type", schemas);
}

/** The zod schema a kind's JSON Schema is built from: blocks are the block types' union. */
function zodSchemaOf(kind: ConfigKind): z.ZodType {
  if (kind === "page" || kind === "modal") {
    const schema = configFiles[kind].schema;
    const blocks = schema.shape.blocks;
    return schema.extend({ blocks: z.array(blockUnion()).min(1).meta(blocks.meta() ?? {}) });
  }
  return configFiles[kind].schema;
}

/** An anchored regular expression's body (`/^https$/` → `https`), or undefined for any other. */
const anchored = (regex: unknown) => (regex instanceof RegExp && /^\^.*\$$/.test(regex.source) && !regex.flags ? regex.source.slice(1, -1) : undefined);

/**
 * zod's `z.url({ protocol, hostname })` comes out as `format: "uri"` alone; its protocol (https only)
 * and host (apps.apple.com) are added as a `pattern`, so the editor underlines an http:// address.
 */
function urlPattern(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const def = (ctx.zodSchema as { _zod?: { def?: { format?: string; protocol?: unknown; hostname?: unknown } } })._zod?.def;
  if (def?.format !== "url" || (!def.protocol && !def.hostname)) return;
  const protocol = def.protocol ? anchored(def.protocol) : "[a-z][a-z0-9+.-]*";
  const hostname = def.hostname ? anchored(def.hostname) : "[^/?#\\s]+";
  if (protocol === undefined || hostname === undefined) return;
  ctx.jsonSchema.pattern = `^(?:${protocol}):\\/\\/(?:${hostname})(?:[:/?#]|$)`;
}

/** The offer ids of recharges.json as written (read raw: an invalid file still lists its ids). */
function offerIds(configDir: string): string[] {
  try {
    const json = JSON.parse(readFileSync(path.join(configDir, "recharges.json"), "utf8")) as { offers?: Array<{ offerId?: unknown }> };
    return [...new Set((json.offers ?? []).map((offer) => offer.offerId).filter((id): id is string => typeof id === "string"))];
  } catch {
    return [];
  }
}

const isObject = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/** The field every branch fixes with a `const`, if there is one. */
function discriminatorOf(branches: unknown[]): string | undefined {
  const first = branches[0];
  if (!isObject(first) || !isObject(first.properties)) return undefined;
  return Object.keys(first.properties).find((key) =>
    branches.every((branch) => isObject(branch) && isObject(branch.properties) && isObject(branch.properties[key]) && "const" in branch.properties[key]),
  );
}

/** The JSON type shared by the values (strings, numbers, booleans), if they share one. */
function jsonTypeOf(values: unknown[]): { type?: string } {
  const types = new Set(values.map((value) => typeof value));
  const [only] = types;
  return types.size === 1 && (only === "string" || only === "number" || only === "boolean") ? { type: only } : {};
}

/** A union told apart by a constant field → that field's enum plus an if/then per value. */
function splitByDiscriminator(node: JsonSchema): JsonSchema {
  const key = node.oneOf ? "oneOf" : node.anyOf ? "anyOf" : undefined;
  if (!key) return node;
  const branches = node[key] as JsonSchema[];
  const field = discriminatorOf(branches);
  if (!field || branches.length < 2) return node;
  const fieldOf = (branch: JsonSchema) => (branch.properties as Record<string, JsonSchema>)[field]!;
  const values = branches.map((branch) => fieldOf(branch).const);
  const { [key]: _union, ...rest } = node;
  const descriptions = branches.map((branch) => (typeof fieldOf(branch).description === "string" ? (fieldOf(branch).description as string) : ""));
  const shared = descriptions.every((text) => text === descriptions[0]) && descriptions[0] ? descriptions[0] : undefined;
  return {
    ...rest,
    type: "object",
    properties: {
      [field]: {
        description: shared ?? `Valores posibles: ${values.join(", ")} (cada uno lleva sus propios campos).`,
        ...jsonTypeOf(values),
        enum: values,
        // VS Code shows these beside each value it completes.
        ...(shared ? {} : { enumDescriptions: descriptions }),
        examples: [values[0]],
      },
    },
    required: [field],
    allOf: branches.map((branch) => ({
      if: { properties: { [field]: { const: fieldOf(branch).const } }, required: [field] },
      then: branch,
    })),
  };
}

/**
 * A record whose keys are a closed set (flags.json: the flag names) → also one property per key,
 * which editors complete (they do not complete from `propertyNames`).
 */
function listRecordKeys(node: JsonSchema): JsonSchema {
  const names = isObject(node.propertyNames) ? node.propertyNames.enum : undefined;
  if (!Array.isArray(names) || !isObject(node.additionalProperties) || node.properties) return node;
  return { ...node, properties: Object.fromEntries(names.map((name) => [String(name), node.additionalProperties])) };
}

/** Applies the post-processing to every node, children first. */
function transform(node: unknown, ids: string[]): unknown {
  if (Array.isArray(node)) return node.map((child) => transform(child, ids));
  if (!isObject(node)) return node;
  let out: JsonSchema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, transform(value, ids)]));
  if (out["x-enum"] === "offerIds") {
    const { "x-enum": _mark, ...rest } = out;
    out = ids.length > 0 ? { ...rest, enum: ids } : rest;
  }
  out = splitByDiscriminator(out);
  out = listRecordKeys(out);
  return out;
}

/** Lets the top level carry `$schema`, whatever else it allows (flags.json's names are a closed set). */
function allowSchemaKey(root: JsonSchema): JsonSchema {
  const schemaKey = { type: "string", description: "Ruta al JSON Schema de este archivo, para que el editor complete y revise. El sitio la ignora.", examples: ["../schemas/json/site.schema.json"] };
  const out: JsonSchema = { ...root, properties: { $schema: schemaKey, ...(isObject(root.properties) ? root.properties : {}) } };
  if (isObject(root.propertyNames)) out.propertyNames = { anyOf: [root.propertyNames, { const: "$schema" }] };
  return out;
}

/**
 * Gives every field a Spanish `title` from locales/es-MX/config-fields.json (by the field's name):
 * the label the studio's forms show, and the name an editor shows on hover. A field with no label
 * there stops `npm run config:schemas`, naming it.
 */
function labelFields(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(labelFields);
  if (!isObject(node)) return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, labelFields(value)]));
  if (isObject(out.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([name, field]) => {
        if (!isObject(field) || typeof field.title === "string") return [name, field];
        const label = (fieldLabels as Record<string, string>)[name];
        if (!label) throw new Error(`Falta la etiqueta del campo "${name}" en locales/es-MX/config-fields.json`);
        return [name, { title: label, ...field }];
      }),
    );
  }
  return out;
}

/** Every schema file by name, built from the zod schemas and the config folder's offer ids. */
export function buildJsonSchemas(configDir: string): Record<string, JsonSchema> {
  const ids = offerIds(configDir);
  const result: Record<string, JsonSchema> = {};
  for (const kind of Object.keys(schemaFiles) as ConfigKind[]) {
    const { file, title } = schemaFiles[kind];
    const generated = z.toJSONSchema(zodSchemaOf(kind), { io: "input", target: "draft-7", unrepresentable: "any", override: urlPattern }) as JsonSchema;
    const { $schema, ...body } = transform(generated, ids) as JsonSchema;
    result[file] = { $schema, title, ...(labelFields(allowSchemaKey(body)) as JsonSchema) };
  }
  return result;
}

/** A schema file's text as written to disk. */
export const serialise = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;

/** The `$schema` value a config file carries: the path from its folder to its schema. */
export function schemaPathFor(relativePath: string, kind: ConfigKind): string {
  const depth = relativePath.split("/").length; // site.json → 1 (pages-config/), pages/x.json → 2
  return `${"../".repeat(depth)}${SCHEMA_FOLDER}/${schemaFiles[kind].file}`;
}

/** VS Code's `json.schemas`: the same schemas for the repository's pages-config, with no `$schema` needed. */
export function vscodeJsonSchemas() {
  return (Object.keys(schemaFiles) as ConfigKind[]).map((kind) => ({
    fileMatch: [`/pages-config/${schemaFiles[kind].glob}`],
    url: `./${SCHEMA_FOLDER}/${schemaFiles[kind].file}`,
  }));
}

/**
 * Where the studio's form validators are written (npm run config:schemas): each kind's JSON Schema
 * compiled ahead of time by react-jsonschema-form's ajv8 validator (`compileSchemaValidatorsCode`),
 * so the browser validates the forms with no code generated at run time, which the site's
 * Content-Security-Policy forbids (docs/studio.md "Forms").
 */
export const VALIDATOR_FOLDER = "schemas/validators";

/** A kind's compiled validators, as a CommonJS module: one function per sub-schema, keyed by its hash. */
export function buildValidatorCode(schema: JsonSchema): string {
  return `${compileSchemaValidatorsCode(schema as RJSFSchema, { ajvOptionsOverrides: { code: { lines: false } } })}\n`;
}

/** A validator module's file name for a schema file's name (banners.schema.json → banners.cjs). */
export const validatorFileOf = (schemaFile: string) => schemaFile.replace(/\.schema\.json$/, ".cjs");

/**
 * The declaration written beside each validator module (banners.d.cts beside banners.cjs): the type
 * checker reads it instead of the generated code, which it would otherwise check whole (1.8 MB, a
 * quarter of `tsc --noEmit`'s checking time).
 */
export const VALIDATOR_DECLARATION = `// Written by npm run config:schemas: the type of the compiled validators beside this file.
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";

declare const validators: ValidatorFunctions;
export = validators;
`;

/** A validator module's declaration file name for a schema file's name (banners.schema.json → banners.d.cts). */
export const validatorDeclarationFileOf = (schemaFile: string) => schemaFile.replace(/\.schema\.json$/, ".d.cts");

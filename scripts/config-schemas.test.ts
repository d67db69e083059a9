import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { kindOf, type ConfigKind } from "~/lib/config/files";
import { buildJsonSchemas, buildValidatorCode, SCHEMA_FOLDER, schemaFiles, schemaPathFor, serialise, VALIDATOR_DECLARATION, VALIDATOR_FOLDER, validatorDeclarationFileOf, validatorFileOf, vscodeJsonSchemas, type JsonSchema } from "./json-schemas";

const root = path.resolve(__dirname, "..");
const configDir = path.join(root, "pages-config");

function configFilesOnDisk(): string[] {
  return (readdirSync(configDir, { recursive: true }) as string[]).map((file) => file.split(path.sep).join("/")).filter((file) => file.endsWith(".json")).sort();
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;


/** The value at a path inside a parsed JSON document (undefined when the path is not there). */
const dig = (value: unknown, ...keys: Array<string | number>): unknown =>
  keys.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined), value);

describe("npm run config:schemas", () => {
  const built = buildJsonSchemas(configDir);

  it("has written the schemas the zod schemas give today (run `npm run config:schemas` after changing a schema or an offer)", () => {
    const written = readdirSync(path.join(root, SCHEMA_FOLDER)).filter((name) => name.endsWith(".schema.json")).sort();
    expect(written).toEqual(Object.keys(built).sort());
    for (const [file, schema] of Object.entries(built)) {
      expect(readFileSync(path.join(root, SCHEMA_FOLDER, file), "utf8"), `${SCHEMA_FOLDER}/${file} está desactualizado`).toBe(serialise(schema));
    }
  });

  it("has written the studio's form validators compiled from those schemas", () => {
    const written = readdirSync(path.join(root, VALIDATOR_FOLDER)).filter((name) => name.endsWith(".cjs")).sort();
    expect(written).toEqual(Object.keys(built).map(validatorFileOf).sort());
    for (const [file, schema] of Object.entries(built)) {
      expect(readFileSync(path.join(root, VALIDATOR_FOLDER, validatorFileOf(file)), "utf8") === buildValidatorCode(schema), `${VALIDATOR_FOLDER}/${validatorFileOf(file)} está desactualizado`).toBe(true);
    }
  });

  it("has written each validator's declaration beside it, so the type checker never reads the generated code", () => {
    const written = readdirSync(path.join(root, VALIDATOR_FOLDER)).filter((name) => name.endsWith(".d.cts")).sort();
    expect(written).toEqual(Object.keys(built).map(validatorDeclarationFileOf).sort());
    for (const file of written) expect(readFileSync(path.join(root, VALIDATOR_FOLDER, file), "utf8"), `${VALIDATOR_FOLDER}/${file} está desactualizado`).toBe(VALIDATOR_DECLARATION);
  });

  it("maps every schema in .vscode/settings.json, so an editor completes files without $schema too", () => {
    expect(readJson(path.join(root, ".vscode", "settings.json"))["json.schemas"]).toEqual(vscodeJsonSchemas());
  });

  it("gives every field a description and every plain value an example", () => {
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${at}[${index}]`));
      if (typeof node !== "object" || node === null) return;
      const schema = node as JsonSchema;
      if (typeof schema.properties === "object" && schema.properties) {
        for (const [name, field] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
          // A branch's fixed value is described once, in the enum listing every branch.
          if ("const" in field) continue;
          if (typeof field.description !== "string" || field.description.length < 10) missing.push(`${at}.${name}: description`);
          const items = field.items as JsonSchema | undefined;
          const plain = field.type !== "object" && !(field.type === "array" && items && (items.type === "object" || items.allOf || items.anyOf || items.oneOf));
          if (plain && !(Array.isArray(field.examples) && field.examples.length > 0)) missing.push(`${at}.${name}: examples`);
        }
      }
      for (const [key, child] of Object.entries(schema)) if (key !== "examples" && key !== "default") walk(child, key === "properties" ? at : `${at}/${key}`);
    };
    for (const [file, schema] of Object.entries(built)) walk(schema, file);
    expect(missing).toEqual([]);
  });

  it("lists the closed sets as enums: block types, banner actions, footer entry types, offer ids and flag names", () => {
    const page = built["page.schema.json"];
    expect(dig(page, "properties", "blocks", "items", "properties", "type", "enum")).toEqual(expect.arrayContaining(["hero", "richText", "offers", "catalogue", "faq"]));
    const banner = dig(built["banners.schema.json"], "properties", "banners", "items");
    expect(dig(banner, "properties", "action", "enum")).toEqual(["navigate", "navigationExternal", "recharge", "openFile", "goToStore"]);
    const recharge = (dig(banner, "allOf") as unknown[]).find((branch) => dig(branch, "if", "properties", "action", "const") === "recharge");
    const offerIds = (readJson(path.join(configDir, "recharges.json")).offers as Array<{ offerId: string }>).map((offer) => offer.offerId);
    expect(dig(recharge, "then", "properties", "rechargeOptions", "properties", "offerId", "enum")).toEqual(offerIds);
    expect(dig(built["site.schema.json"], "properties", "footer", "properties", "local", "items", "properties", "type", "enum")).toEqual(["url", "urlLocal", "modal", "pdf"]);
    expect(dig(built["flags.schema.json"], "propertyNames", "anyOf", 0, "enum")).toEqual(["sso", "pospaid", "e-sim", "business-page", "new-payment-plugin"]);
  });
});

describe("the JSON Schemas validate the config files (ajv)", () => {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false });
  ajv.addKeyword("enumDescriptions");
  ajv.addFormat("uri", { type: "string", validate: (value: string) => URL.canParse(value) });
  ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat("email", /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  const validators = new Map<ConfigKind, ValidateFunction>();
  const validatorOf = (kind: ConfigKind) => {
    if (!validators.has(kind)) validators.set(kind, ajv.compile(readJson(path.join(root, SCHEMA_FOLDER, schemaFiles[kind].file))));
    return validators.get(kind)!;
  };
  // An `if`/`then` branch that fails adds "must match then" at the item: the error inside it is the one that says what is wrong.
  const where = (errors: ErrorObject[] | null | undefined) =>
    (errors ?? []).filter((error) => error.keyword !== "if").map((error) => `${error.instancePath} ${error.message}`);

  it.each(configFilesOnDisk())("pages-config/%s names its schema with $schema and validates against it", (file) => {
    const kind = kindOf(file);
    expect(kind).not.toBeNull();
    const json = readJson(path.join(configDir, file));
    expect(json.$schema).toBe(schemaPathFor(file, kind!));
    const validate = validatorOf(kind!);
    expect(validate(json), where(validate.errors).join("\n")).toBe(true);
  });

  it("accepts each field's examples: what the editor shows as an example is valid", () => {
    const wrong: string[] = [];
    // The same field appears in many places (the visibility fields on every item): compile each once.
    const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
    const validatorFor = (field: object) => {
      const key = JSON.stringify(field);
      if (!compiled.has(key)) compiled.set(key, ajv.compile(field));
      return compiled.get(key)!;
    };
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${at}[${index}]`));
      if (typeof node !== "object" || node === null) return;
      const schema = node as JsonSchema;
      if (Array.isArray(schema.examples) && !("propertyNames" in schema)) {
        const { examples, ...field } = schema;
        const validate = validatorFor(field);
        for (const example of examples) if (!validate(example)) wrong.push(`${at}: ${JSON.stringify(example)} ${where(validate.errors).join("; ")}`);
      }
      for (const [key, child] of Object.entries(schema)) if (key !== "examples" && key !== "default" && key !== "enum" && key !== "const") walk(child, `${at}/${key}`);
    };
    for (const kind of Object.keys(schemaFiles) as ConfigKind[]) walk(readJson(path.join(root, SCHEMA_FOLDER, schemaFiles[kind].file)), schemaFiles[kind].file);
    expect(wrong).toEqual([]);
  });

  it("rejects a misspelled block type with a pointer to the bad field", () => {
    const page = readJson(path.join(configDir, "pages", "inicio.json")) as { blocks: Array<{ type: string }> };
    expect(page.blocks[0]!.type).toBe("rechargeByNumber");
    page.blocks[0]!.type = "rechargeByNumbr";
    const validate = validatorOf("page");
    expect(validate(page)).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ instancePath: "/blocks/0/type", keyword: "enum" })]);
  });

  it("rejects a banner that recharges an offer recharges.json does not have", () => {
    const file = readJson(path.join(configDir, "banners", "inicio.json")) as { banners: Array<Record<string, unknown>> };
    const index = file.banners.findIndex((banner) => banner.action === "recharge");
    expect(index).toBeGreaterThanOrEqual(0);
    (file.banners[index]!.rechargeOptions as { offerId: string }).offerId = "NO_EXISTE";
    const validate = validatorOf("banners");
    expect(validate(file)).toBe(false);
    expect(where(validate.errors)).toEqual([`/banners/${index}/rechargeOptions/offerId must be equal to one of the allowed values`]);
  });

  it("rejects an http:// address where the site asks for https://", () => {
    const site = readJson(path.join(configDir, "site.json"));
    const validate = validatorOf("site");
    expect(validate({ ...site, privacyNoticeUrl: "http://www.bait.mx/aviso-de-privacidad" })).toBe(false);
    expect(where(validate.errors)).toEqual([expect.stringMatching(/^\/privacyNoticeUrl must match pattern/)]);
  });

  it("rejects a flag that does not exist in flags.json but accepts $schema there", () => {
    const flags = readJson(path.join(configDir, "flags.json"));
    expect(validatorOf("flags")(flags)).toBe(true);
    const validate = validatorOf("flags");
    expect(validate({ ...flags, "e-sims": { description: "x", enabled: true } })).toBe(false);
  });
});

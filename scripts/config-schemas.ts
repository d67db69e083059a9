/**
 * npm run config:schemas — writes the JSON Schema of each kind of config file to schemas/json/
 * (built from the zod schemas by scripts/json-schemas.ts), the studio's form validators compiled
 * from them to schemas/validators/, and maps the schemas in .vscode/settings.json
 * (`json.schemas`), so an editor completes and checks pages-config/ with or without `$schema`.
 * Run it after changing a config schema or the offers of recharges.json (their ids are an enum);
 * a unit test fails while the written schemas are stale.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildJsonSchemas, buildValidatorCode, SCHEMA_FOLDER, serialise, VALIDATOR_DECLARATION, VALIDATOR_FOLDER, validatorDeclarationFileOf, validatorFileOf, vscodeJsonSchemas } from "./json-schemas";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = path.join(root, SCHEMA_FOLDER);

const schemas = buildJsonSchemas(path.join(root, "pages-config"));
mkdirSync(folder, { recursive: true });
for (const stale of readdirSync(folder).filter((name) => name.endsWith(".schema.json") && !(name in schemas))) {
  rmSync(path.join(folder, stale));
}
for (const [file, schema] of Object.entries(schemas)) writeFileSync(path.join(folder, file), serialise(schema));

// The studio's form validators, compiled from the same schemas (scripts/json-schemas.ts VALIDATOR_FOLDER).
const validators = path.join(root, VALIDATOR_FOLDER);
mkdirSync(validators, { recursive: true });
for (const [file, schema] of Object.entries(schemas)) {
  writeFileSync(path.join(validators, validatorFileOf(file)), buildValidatorCode(schema));
  writeFileSync(path.join(validators, validatorDeclarationFileOf(file)), VALIDATOR_DECLARATION);
}

const settingsFile = path.join(root, ".vscode", "settings.json");
const settings = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>) : {};
settings["json.schemas"] = vscodeJsonSchemas();
mkdirSync(path.dirname(settingsFile), { recursive: true });
writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);

console.log(`${Object.keys(schemas).length} esquemas escritos en ${SCHEMA_FOLDER}/ (con sus validadores en ${VALIDATOR_FOLDER}/) y mapeados en .vscode/settings.json.`);

// Written by npm run config:schemas: the type of the compiled validators beside this file.
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";

declare const validators: ValidatorFunctions;
export = validators;

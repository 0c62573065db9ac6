// Whether a value matches a JSON Schema is the SDK's call (its own Ajv setup, formats
// included), so a check never passes what an SDK client would reject, or the other way round.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

const validator = new AjvJsonSchemaValidator();

/** The validator's words for what breaks the schema, or undefined when the value fits. */
export function schemaProblem(schema: Record<string, unknown>, value: unknown): string | undefined {
  const verdict = validator.getValidator(schema)(value);
  return verdict.valid ? undefined : (verdict.errorMessage ?? 'invalid');
}

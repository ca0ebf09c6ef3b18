/**
 * Validation messages in Ukrainian: zod 4's built-in `uk` locale becomes the global error map, so a
 * check without its own message (a number's minimum, an array's length, a wrong type) still speaks
 * Ukrainian in the admin forms, the public forms and the API's `fieldErrors`. Imported for its effect
 * by src/shared/content/fields.ts, which every schema imports.
 */
import { z } from 'zod';
import uk from 'zod/v4/locales/uk.js';

z.config(uk());

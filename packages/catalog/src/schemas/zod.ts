/**
 * The zod every schema is made with, extended with `.openapi` before any schema module uses it
 * (ES modules run their imports first, so the extension cannot sit beside the schemas).
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };

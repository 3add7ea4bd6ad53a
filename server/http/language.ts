import type { FastifyRequest } from 'fastify';
import type { PlatformConfig } from '../config/schema';

/** The request's language: the `Language` header when the brand offers it, else the default. */
export function requestLanguage(request: FastifyRequest, config: PlatformConfig): string {
  const header = request.headers.language;
  const wanted = typeof header === 'string' ? header.toUpperCase() : '';
  return config.brand.languages.includes(wanted) ? wanted : config.brand.defaultLanguage;
}

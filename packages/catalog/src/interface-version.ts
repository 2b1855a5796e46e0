/** The version of the REST interface (the OpenAPI document's `info.version`, /info). */
export const INTERFACE_VERSION = '0.6.0';

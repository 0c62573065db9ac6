// Names shared by the endpoint (Node) and its browser client, kept free of Node imports.
export const TOKEN_HEADER = 'x-mcpw-token';
export const RUNTIME_PREFIX = '/__runtime/';

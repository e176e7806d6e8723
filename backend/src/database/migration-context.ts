/**
 * Values the SQL migrations need from the settings (the vector width). Set by the database module
 * before migrations run; migrations read nothing else from the environment.
 */
export const migrationContext = { embeddingDim: 384 };

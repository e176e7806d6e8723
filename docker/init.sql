-- Run once when the PostgreSQL container is created. The app's migrations also create the extension.
CREATE EXTENSION IF NOT EXISTS vector;

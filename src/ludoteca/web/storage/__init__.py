"""Durable storage (SQLite or PostgreSQL): the schema and its migrations, and a repository per feature."""

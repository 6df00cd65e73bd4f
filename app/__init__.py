"""The local web game: FastAPI pages and a JSON API over one service layer (see docs/architecture.md)."""

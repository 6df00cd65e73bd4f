# The web game in a container: docker build -t doppelkopf . && docker run -p 8000:8000 -v doppelkopf:/data doppelkopf
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DOPPELKOPF_WEB_ROOT=/app \
    DOPPELKOPF_DATA_DIR=/data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY app ./app
COPY templates ./templates
COPY static ./static
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 1000 player \
    && mkdir -p /data && chown player /data

USER player
# The sealing key lives here: keep the volume and saved games in the browser survive a new container.
VOLUME /data
EXPOSE 8000
CMD ["doppelkopf", "serve", "--host", "0.0.0.0", "--allow-remote", "--no-browser"]

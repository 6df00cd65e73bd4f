# The web game in a container: docker build -t doppelkopf . && docker run -p 127.0.0.1:8000:8000 -v doppelkopf:/data doppelkopf
# Stage 1 builds the wheel (it carries templates/ and static/ inside the package); stage 2 installs
# only that wheel, so the image runs the same thing `pip install doppelkopf-*.whl` gives anywhere.
# Published for others (-p 8000:8000), the page answers them 400 host-not-allowed unless DOPPELKOPF_ALLOWED_HOSTS names the address they use (README).
# tests/test_package.py performs these steps (the COPY lines, the wheel, the install, the CMD) in a venv.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY app ./app
COPY templates ./templates
COPY static ./static
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DOPPELKOPF_DATA_DIR=/data
COPY --from=build /dist /dist
RUN pip install --no-cache-dir /dist/doppelkopf-*.whl \
    && rm -rf /dist \
    && python -c "from engine.bots.solver import warm_up; warm_up()" \
    && useradd --create-home --uid 1000 player \
    && mkdir -p /data && chown player /data

USER player
WORKDIR /home/player
# The sealing key lives here: keep the volume and saved games in the browser survive a new container.
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/', timeout=4)"]
CMD ["doppelkopf", "serve", "--host", "0.0.0.0", "--allow-remote", "--no-browser"]

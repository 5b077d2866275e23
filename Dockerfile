# Tidebound: the Discord bot, with its SQLite database on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    TIDEBOUND_DB=/data/tidebound.db

# The user id the bot runs as; a bind-mounted /data must be writable by it
# (docker build --build-arg TIDEBOUND_UID=$(id -u) to use your own).
ARG TIDEBOUND_UID=10001

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
COPY i18n ./i18n
COPY bench ./bench
RUN pip install . \
    && useradd --create-home --uid "$TIDEBOUND_UID" tidebound \
    && mkdir -p /data && chown tidebound:tidebound /data

USER tidebound
VOLUME ["/data"]
CMD ["python", "-m", "bot"]

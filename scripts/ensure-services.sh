#!/usr/bin/env bash
# Installs and starts what the test suite uses when it is missing: PostgreSQL, Redis and the
# Mosquitto MQTT broker running on loopback, Debian's Chromium and CJK fonts for the browser tests. Uses Debian's packages.
set -euo pipefail

wait_for() { # name, command
  for _ in $(seq 1 30); do
    if eval "$2" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "service $1 did not come up" >&2
  return 1
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

apt_updated=""
need() { # command, package
  if ! command -v "$1" >/dev/null 2>&1; then
    if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
}

if ! port_open 5432; then
  need pg_ctlcluster postgresql
  if [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "PostgreSQL has no cluster" >&2
    exit 1
  fi
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  wait_for postgresql "port_open 5432"
fi

if ! port_open 6379; then
  need redis-server redis-server
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_for redis "port_open 6379"
fi

if ! port_open 1883; then
  need mosquitto mosquitto
  if [ -f /etc/mosquitto/mosquitto.conf ]; then mosquitto -d -c /etc/mosquitto/mosquitto.conf; else mosquitto -d -p 1883; fi
  wait_for mosquitto "port_open 1883"
fi

if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
  if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

echo "services: postgresql 127.0.0.1:5432 up, redis 127.0.0.1:6379 up, mosquitto 127.0.0.1:1883 up; browser: $(/usr/bin/chromium --version 2>/dev/null)"

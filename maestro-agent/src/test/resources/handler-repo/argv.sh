#!/bin/sh
# Writes each argument as received, NUL-terminated, to a file the test reads; and prints them.
for a in "$@"; do
  printf 'ARG<%s>\n' "$a"
done
printf '%s\0' "$@" > "$MAESTRO_OUTPUT_DIR/argv-$MAESTRO_RUN_ID.bin"
printf '%s' "$MAESTRO_OPTION_EVIL" > "$MAESTRO_OUTPUT_DIR/option-$MAESTRO_RUN_ID.bin"

#!/bin/sh
echo "nested handler in $(basename "$(pwd)")"

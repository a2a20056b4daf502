#!/bin/sh
echo "trying to reach the broker"
echo "the broker refused: connection reset" >&2
exit 3

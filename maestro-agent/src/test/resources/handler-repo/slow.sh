#!/bin/sh
sleep "$1" # the handler's work
echo "slept $1 s"

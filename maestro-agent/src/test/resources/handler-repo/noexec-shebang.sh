#!/bin/sh -e
echo "ran through its #! line with: $1"

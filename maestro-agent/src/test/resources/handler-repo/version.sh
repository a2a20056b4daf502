#!/bin/sh
echo "version 1"

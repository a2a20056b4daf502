#!/bin/sh
# Starts a child that outlives any reasonable timeout, and waits for it.
sleep 300 &
echo "child $!"
echo "waiting"
wait

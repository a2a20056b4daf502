#!/bin/bash
# Starts what it restarts in a session of its own (setsid), as the SUT handlers do, and a child of its own; then hangs.
setsid sleep 300 < /dev/null > /dev/null 2>&1 &
echo "detached $!"
sleep 300 &
echo "child $!"
wait

#!/bin/sh
echo "hello from ok.sh"
echo "test id: $MAESTRO_TEST_ID"
echo "option rate: $MAESTRO_OPTION_RATE"
echo "argument count: $#"
echo "working directory: $(pwd)"

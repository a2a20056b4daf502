#!/usr/bin/env python3
import sys
print("python got", sys.argv[1:])
sys.exit(len(sys.argv) - 1)

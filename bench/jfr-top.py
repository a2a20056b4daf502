#!/usr/bin/env python3
"""The top of a flight recording's CPU samples (jdk.ExecutionSample): by thread, by top frame (self) and by frame
anywhere in the stack (inclusive, first 64 frames), as shares of all samples.
Samples are of threads running Java code: a thread that spends its CPU in system calls (qpid-jms's AmqpProvider, in
epoll and socket writes) is under-represented, and the JIT compilers and GC not at all; the CPU each thread used is
what bench/generator-cost.sh prints by thread (from /proc).
Usage: bench/jfr-top.py FILE.jfr [N] [FILTER]   (FILTER: only inclusive frames containing it, e.g. org.maestro)"""
import collections, re, subprocess, sys

path = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 15
only = sys.argv[3] if len(sys.argv) > 3 else None
# jfr print shows 5 frames of a stack unless told more: "inclusive" would then miss every frame below the fifth.
text = subprocess.run(["jfr", "print", "--stack-depth", "64", "--events", "jdk.ExecutionSample", path], capture_output=True, text=True, check=True).stdout
threads, selfs, incl = collections.Counter(), collections.Counter(), collections.Counter()
total = 0
for block in text.split("jdk.ExecutionSample {")[1:]:
    total += 1
    m = re.search(r'sampledThread = "([^"]*)"', block)
    name = re.sub(r'\d+', 'N', m.group(1)) if m else "?"
    threads[name] += 1
    frames = [re.sub(r'\s+line:.*', '', f.strip()) for f in block.split("stackTrace = [", 1)[1].split("\n")[1:]]
    frames = [f for f in frames if f and f not in (']', '...') and not f.startswith('}')]
    if frames:
        selfs[frames[0]] += 1
    for f in set(frames):
        if only is None or only in f:
            incl[f] += 1
def show(title, counter):
    print(f"-- {title}")
    for k, v in counter.most_common(top):
        print(f"{100.0 * v / total:6.1f}%  {k}")
print(f"{path}: {total} samples")
show("threads", threads)
show("self (top frame)", selfs)
show("inclusive" + (f" ({only})" if only else ""), incl)

// Find the limit: the highest rate the SUT sustains. A coarse climb from startRate by step (up to maxRate), then a
// bisection between the last sustainable and the first unsustainable rate down to the resolution; each step a run of
// stepDuration judged sustainable when its criteria pass, the senders keep their schedule (send rate within
// rateTolerance of the target, send delay p99 under sendDelay), the receivers keep up with the senders and nothing is
// lost. A borderline step is run again; the whole search stops at maxTime. Then a confirmation run at the rate found,
// for confirmDuration (default and least: 3 step durations), from the state a user's next run starts in (with --local a
// fresh JVM; remote: the same workers), with a user's run's warm-up (confirmWarmup): when it does not hold, the rate is lowered and confirmed
// again, and once one holds, the rate is bisected between it and the lowest that did not: at most confirmTries runs
// (0: no confirmation); the highest that held is the answer. The result (or "at least X" when maxRate or maxTime stopped
// it), the confirmed rate (the one to run at) and the throughput-latency curve are in incremental.json and the report.
//   maestro run test-scripts/find-limit.groovy --local
//   maestro run test-scripts/find-limit.groovy --broker mqtt://broker.lab:1883 -P url=amqp://sut.lab:5672/perf.queue -P maxRate=50000
test {
    name         'find-limit'
    tags         'find-limit', 'amqp'
    url          param('url', null)
    messageSize  param('size', 1024)
    connections  param('connections', 2)
    // Each step's warm-up lasts until every sender connection is on schedule (send delay under warmupSendDelay for a
    // second), at most warmupMax: a step the senders cannot keep up with ends its warm-up off schedule and is not sustainable.
    warmup       param('warmup', '1s')
    warmupSendDelay param('warmupSendDelay', '50ms')
    warmupMax    param('warmupMax', '3s')
    findLimit {
        startRate    param('startRate', 1000)
        step         param('step', 2000)
        maxRate      param('maxRate', 50000)
        resolution   param('resolution', 250)
        stepDuration param('stepDuration', '10s')
        maxTime      param('maxTime', '15m')
        sendDelay    param('sendDelay', '50ms')
        rateTolerance param('rateTolerance', '3 %')
        // The confirmation's warm-up is a user's run's (fixed-rate.groovy's), its cap and bound the defaults.
        confirmWarmup param('confirmWarmup', '5s')
        if (param('confirmDuration', null)) { confirmDuration param('confirmDuration', null) }
        if (param('confirmTries', null) != null) { confirmTries param('confirmTries', null) }
    }
    // -P jolokia=http://user:pass@sut:8161/console/jolokia: an inspector samples the SUT's queues, and each step's backlog
    // is judged by their depth (growing by at most rateTolerance of the send rate per second) instead of the rates' ratio.
    if (param('jolokia', '')) { inspector 'jolokia', url: param('jolokia', ''), interval: '1s' }
    // The bound fixed-rate.groovy has by default: the confirmed rate is one a user's fixed-rate.groovy run passes at.
    expect       "p99 latency < ${param('p99', '100 ms')}", 'loss == 0'
}

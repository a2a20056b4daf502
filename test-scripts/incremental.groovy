// Incremental: raise the rate step by step until a step is not sustainable (a criterion fails, the senders fall
// behind their schedule, the receivers fall behind the senders, or messages are lost); the last sustainable step is
// the sustainable throughput. find-limit.groovy also bisects to a resolution.
//   maestro run test-scripts/incremental.groovy --local -P maxRate=20000
test {
    name         'incremental'
    tags         'incremental', 'amqp'
    url          param('url', null)
    messageSize  param('size', 1024)
    connections  param('connections', 2)
    warmup       '1s'
    incremental {
        startRate    param('startRate', 1000)
        step         param('step', 1000)
        maxRate      param('maxRate', 10000)
        stepDuration param('stepDuration', '10s')
        sendDelay    param('sendDelay', '50ms')
    }
    expect       "p99 latency < ${param('p99', '50 ms')}", 'rate >= 95 %', 'loss == 0'
}

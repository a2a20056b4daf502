// Fixed rate: a steady load for a while, with pass/fail criteria.
//   maestro run test-scripts/fixed-rate.groovy --local
//   maestro run test-scripts/fixed-rate.groovy --broker mqtt://broker.lab:1883 -P url=amqp://sut.lab:5672/perf.queue -P rate=5000
test {
    name         'fixed-rate'
    tags         'fixed-rate', 'amqp'
    description  param('sut', '')
    url          param('url', null)            // none: --local starts an embedded Artemis
    rate         param('rate', 1000)
    duration     param('duration', '30s')
    warmup       param('warmup', '5s')
    // The warm-up ends once every sender connection's send delay stayed below this for a second ('off': fixed length)
    warmupSendDelay param('warmupSendDelay', '100ms')
    warmupMax    param('warmupMax', null)        // how long it may wait for that; none: 3 times the warm-up
    // The warm-up raises each sender's rate from a share of its target over a time ('off': the target at once); none: the default
    warmupRamp   param('warmupRamp', null)
    messageSize  param('size', '~1024')
    connections  param('connections', 2)
    senders      param('senders', 1)
    receivers    param('receivers', 1)
    // -P latency=round-trip: receivers send messages back and senders time them on their own clock (-P latencySample=10: 1 in 10)
    latency      param('latency', 'one-way')
    latencySample param('latencySample', 1)
    // -P sendUrl=amqp://router1.lab:5672/perf -P receiveUrl=amqp://router3.lab:5672/perf: the ends of a line; each overrides url
    if (param('sendUrl', null)) { sendUrl param('sendUrl', null) }
    if (param('receiveUrl', null)) { receiveUrl param('receiveUrl', null) }
    // -P jolokia=http://user:pass@sut:8161/console/jolokia: the SUT's metrics sampled by an inspector peer, into CSVs
    if (param('jolokia', '')) { inspector 'jolokia', url: param('jolokia', ''), interval: '1s' }
    // -P mgmt=amqp://router:5672: a router's AMQP management instead (the qpid-dispatch data sets)
    if (param('mgmt', '')) { inspector 'amqp-management', url: param('mgmt', ''), datasets: 'qpid-dispatch', interval: '1s' }
    expect       "p99 latency < ${param('p99', '100 ms')}", "rate >= ${param('minRate', '95 %')}", 'loss == 0'
}

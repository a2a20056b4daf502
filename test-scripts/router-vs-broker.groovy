// The thesis's first comparison: the same load on a single router and on a single broker, one after the other, each a
// test (a run) of its own, then one JUnit file for both (runs/<date-time>-router-vs-broker-suite-junit.xml). Side by
// side in runs/index.html, or: maestro compare RUN_OF_THE_ROUTER RUN_OF_THE_BROKER.
//   maestro run test-scripts/router-vs-broker.groovy --local                  (fixed rate: 1000 msg/s each)
//   maestro run test-scripts/router-vs-broker.groovy --local -P rate=max      (flat out)
//       (a qdrouterd on loopback, found as docs/topologies.md says; then the embedded ActiveMQ Artemis)
// Acknowledged (settled) sends, the default: each message settled once the receiver accepted it, so sent = received
// and lost 0 are exact also flat out. On a lab: -P routerUrl=amqp://router.lab:5672/perf -P brokerUrl=amqp://broker.lab:5672/perf
// -P only=router (or broker) runs one of the two.
def urls = [router: param('routerUrl', null), broker: param('brokerUrl', null)]
def only = param('only', '')
if (only && !urls.containsKey(only)) {
    throw new IllegalArgumentException("-P only=${only}: router or broker")
}
if (!local && urls.containsValue(null)) {
    throw new IllegalArgumentException("-P routerUrl=amqp://HOST:PORT/ADDRESS and -P brokerUrl=… : the SUTs to compare"
            + " (or --local: a qdrouterd and an embedded Artemis)")
}
urls.each { sut, sutUrl ->
    if (only && only != sut) {
        return
    }
    test {
        name         "router-vs-broker-${sut}"
        tags         'router', 'broker', 'router-vs-broker', sut
        // --local: the router is a topology of one router (stopped after its test); the broker is the embedded Artemis.
        if (sut == 'router') {
            topology sutUrl == null ? 'line 1' : null
            router   param('router', null)   // qpid-dispatch (the default) or skupper
        }
        url          sutUrl
        rate         param('rate', 1000)
        duration     param('duration', '30s')
        warmup       param('warmup', '5s')
        warmupSendDelay param('warmupSendDelay', '100ms')
        warmupMax    param('warmupMax', null)
        messageSize  param('size', 1024)
        connections  param('connections', 1)
        expect       "p99 latency < ${param('p99', '100 ms')}", "rate >= ${param('minRate', '95 %')}", 'loss == 0'
    }
}

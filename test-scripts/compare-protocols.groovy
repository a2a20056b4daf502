// AMQP vs Artemis core vs OpenWire vs MQTT on one broker: four routes (groups amqp, core, openwire, mqtt), each its own sender
// and receiver, at the same rate (the total is shared equally) and message size, side by side in one run: the report's
// "Routes side by side" table and `maestro compare`'s per-route verdicts. On this machine, nothing set up (the
// embedded Artemis speaks all four, each route on a queue (MQTT: a topic, its receivers on a shared subscription) of its own):
//   maestro run test-scripts/compare-protocols.groovy --local
// On a lab, Artemis serves all four on one acceptor, so one -P sut=USER:PASSWORD@HOST:PORT is enough; -P amqp=… /
// core=… / openwire=… / mqtt=… give a route a URL of its own (another broker, options: mqtt://…?qos=2). The workers are
// started with --group:
//   maestro-worker --role sender --group core --name core-sender-1 ...   (likewise receivers, amqp, openwire, mqtt)
//   maestro run test-scripts/compare-protocols.groovy --broker mqtt://broker.lab:1883 -P sut=admin:admin@sut:61616
def sut = param('sut', null)
def queue = param('queue', 'maestro.compare')
def urlOf = { String scheme -> param(scheme, sut == null ? null : "${scheme}://${sut}/${queue}.${scheme}") }
def urls = ['amqp', 'core', 'openwire', 'mqtt'].collectEntries { [(it): urlOf(it)] }
if (urls.containsValue(null) && !local) {
    throw new IllegalArgumentException("-P sut=USER:PASSWORD@HOST:PORT (a broker that speaks AMQP, core, OpenWire and MQTT, e.g. "
            + "Artemis's acceptor) or -P amqp=… -P core=… -P openwire=… -P mqtt=… : no URL for " + urls.findAll { it.value == null }.keySet().join(', ')
            + " (or --local for an embedded Artemis)")
}
test {
    name         'compare-protocols'
    tags         'protocols', 'amqp', 'core', 'openwire', 'mqtt'
    rate         param('rate', 3000)
    duration     param('duration', '30s')
    warmup       param('warmup', '5s')
    // The warm-up ends once every sender connection's send delay stayed below this for a second ('off': fixed length)
    warmupSendDelay param('warmupSendDelay', '100ms')
    warmupMax    param('warmupMax', null)        // how long it may wait for that; none: 3 times the warm-up
    messageSize  param('size', 1024)
    // -P latency=round-trip: receivers send messages back and senders time them on their own clock (-P latencySample=10: 1 in 10)
    latency      param('latency', 'one-way')
    latencySample param('latencySample', 1)
    // protocol: the scheme --local's embedded SUT is reached in when the route has no URL.
    urls.each { group, url -> route group, url: url, protocol: group, senders: 1, receivers: 1 }
    expect       'loss == 0'
}

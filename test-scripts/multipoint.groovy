// Multipoint: several routes at once, each a group of peers (started with --group NAME) with its
// own send and receive endpoints. The rate and criteria are for the whole test.
//   maestro run test-scripts/multipoint.groovy --local
//   maestro run test-scripts/multipoint.groovy --broker mqtt://broker.lab:1883 \
//       -P east=amqp://router-a:5672/orders -P west=amqp://router-b:5672/orders
test {
    name         'multipoint'
    tags         'multipoint', 'amqp'
    rate         param('rate', 1000)
    duration     param('duration', '30s')
    warmup       param('warmup', '5s')
    // The warm-up ends once every sender connection's send delay stayed below this for a second ('off': fixed length)
    warmupSendDelay param('warmupSendDelay', '100ms')
    warmupMax    param('warmupMax', null)        // how long it may wait for that; none: 3 times the warm-up
    messageSize  param('size', 512)
    route 'east', url: param('east', null), senders: 1, receivers: 1
    route 'west', sendUrl: param('west', null), receiveUrl: param('westReceive', param('west', null)), senders: 1, receivers: 1
    expect       "p99 latency < ${param('p99', '100 ms')}", 'loss == 0'
}

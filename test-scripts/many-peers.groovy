// Many peers on one queue: the control plane of a big lab, end to end. Every sender and receiver is found, SET,
// started, stopped and collected, and every message is counted once. The receivers compete on the queue, so the
// loss is what the totals say (a gap in one receiver's sequence is another's message). Start the peers with, e.g.,
//   maestro worker --role sender --count 50 --name sender --broker mqtt://broker.lab:1883      (likewise receivers)
//   maestro run test-scripts/many-peers.groovy --broker mqtt://broker.lab:1883 -P url=amqp://sut.lab:5672/many
// Its only criterion is the loss: on a host loaded with a hundred peers the rate and latency are the host's.
test {
    name            'many-peers'
    tags            'scale', 'amqp'
    url             param('url', null)            // none: --local starts an embedded Artemis
    senders         param('senders', 50)
    receivers       param('receivers', 50)
    connections     param('connections', 1)
    rate            param('rate', 1000)           // the total, shared by the senders
    duration        param('duration', '10s')
    warmup          param('warmup', '1s')
    warmupSendDelay param('warmupSendDelay', 'off')
    messageSize     param('size', 1024)
    expect          'loss == 0'
}

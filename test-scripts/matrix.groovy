// A matrix in one script: one test per message size and protocol, each a run of its own (in runs/index.html like
// any), then one JUnit file for the whole matrix beside the runs: runs/<date-time>-matrix-suite-junit.xml, one
// testsuite per run. Each test needs a name of its own. On this machine, nothing set up:
//   maestro run test-scripts/matrix.groovy --local
//   maestro run test-scripts/matrix.groovy --local -P sizes=256B,64KiB -P protocols=amqp,core,openwire
// On a lab: -P sut=USER:PASSWORD@HOST:PORT (a broker that speaks each protocol on one acceptor, as Artemis does).
def sizes = param('sizes', '1KiB,16KiB').split(',')
def protocols = param('protocols', 'amqp,core').split(',')
def sut = param('sut', null)
if (sut == null && !local) {
    throw new IllegalArgumentException("-P sut=USER:PASSWORD@HOST:PORT : the broker to test (or --local for an embedded Artemis)")
}
for (size in sizes) {
    for (protocol in protocols) {
        test {
            name        "matrix-${protocol}-${size}"
            tags        'matrix', protocol, size
            rate        param('rate', 500)
            duration    param('duration', '5s')
            warmup      param('warmup', '1s')
            messageSize size
            // protocol: the scheme --local's embedded SUT is reached in; on a lab, the route's URL.
            route protocol, protocol: protocol, url: sut == null ? null : "${protocol}://${sut}/maestro.matrix.${protocol}"
            expect      'loss == 0'
        }
    }
}

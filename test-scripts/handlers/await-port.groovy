// await-port.groovy HOST PORT [TIMEOUT_SECONDS]
//
// A Groovy handler: waits until HOST:PORT accepts TCP connections (e.g. the broker's acceptor after a
// restart), then tells the client how long that took. Fails (returns 1) if it does not within
// TIMEOUT_SECONDS (default 60). Shows the handler API: args, options, log, notify, run.
if (args.size() < 2) {
    throw new IllegalArgumentException("usage: await-port.groovy HOST PORT [TIMEOUT_SECONDS]")
}
String host = args[0]
int port = args[1] as int
long timeoutMillis = (args.size() > 2 ? args[2] as long : 60L) * 1000L

log.info "test ${options['test.id'] ?: '(none)'}: waiting for ${host}:${port}"
def uname = run('uname', '-n')
log.info "running on ${uname.output.trim()}"

long start = System.currentTimeMillis()
while (true) {
    try {
        new Socket().withCloseable { s -> s.connect(new InetSocketAddress(host, port), 500) }
        break
    } catch (IOException notYet) {
        if (System.currentTimeMillis() - start > timeoutMillis) {
            notify "${host}:${port} did not accept connections within ${timeoutMillis / 1000} s"
            return 1
        }
        Thread.sleep(100) // polling interval
    }
}
long tookMillis = System.currentTimeMillis() - start
notify "${host}:${port} accepts connections (waited ${tookMillis} ms)"
return 0

package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import org.maestro.results.Summary;
import org.maestro.common.runfiles.TestJson;

/**
 * One peer's directory in a run ({@code peers/<name>/}) with what summary.json and its test.json say of it.
 *
 * @param name             the peer's name (the directory's name)
 * @param role             sender, receiver, inspector, agent, or "" when unknown
 * @param host             the host it ran on, or ""
 * @param dir              the directory
 * @param startEpochMicros its test start (test.json), -1 when unknown
 * @param warmupMicros     its warm-up (test.json), 0 when none
 * @param summary          its entry in summary.json's peers, or null when it has none
 * @param worker           its test.json when it is a sender's or receiver's, else null: read once, here, and handed to
 *                         the run's reduction
 */
public record PeerDir(String name, String role, String host, Path dir, long startEpochMicros, long warmupMicros,
               Summary.PeerResult summary, TestJson.Worker worker) {

    static PeerDir read(Path dir, Summary.PeerResult summaryPeer) throws IOException {
        Optional<TestJson> test = TestJson.read(dir);
        Optional<TestJson.Worker> worker = test.flatMap(TestJson::asWorker);
        String role = summaryPeer != null && summaryPeer.role() != null ? summaryPeer.role() : test.map(t -> t.peer().role()).orElse("");
        String host = summaryPeer != null && summaryPeer.host() != null ? summaryPeer.host() : test.map(t -> t.peer().host()).orElse("");
        return new PeerDir(dir.getFileName().toString(), role.toLowerCase(Locale.ROOT), host, dir,
                worker.map(TestJson.Worker::startEpochMicros).orElse(-1L),
                worker.map(TestJson.Worker::warmupMicros).orElse(0L), summaryPeer, worker.orElse(null));
    }

    public boolean isSender() {
        return "sender".equals(role);
    }

    public boolean isReceiver() {
        return "receiver".equals(role);
    }

    /** Whether its CSVs are data series (an inspector's data sets), rather than a worker's or agent's own records. */
    public boolean isInspector() {
        return "inspector".equals(role);
    }

    /** Whether it ended well: a peer summary.json does not name is taken as such. */
    public boolean ok() {
        return summary == null || summary.ok();
    }
}

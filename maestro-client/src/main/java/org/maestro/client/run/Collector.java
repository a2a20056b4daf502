package org.maestro.client.run;

import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.dataserver.DataClient;
import org.maestro.common.dataserver.DataTransferException;
import org.maestro.common.dataserver.FetchResult;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Downloads a peer's files for a test into {@code <run>/peers/<name>/}, checksums verified. */
final class Collector {
    private Collector() {
    }

    /** Returns a problem to report, or null when every file arrived intact. */
    static String collect(ControlClient client, PeerInfo peer, String testId, Path runDir, Console console) {
        try {
            Replies r = client.request(Address.peer(peer.id()), new Payload.Get("data.url"), List.of(peer), Duration.ofSeconds(5));
            Note answer = r.of(peer);
            if (answer == null || !(answer.payload() instanceof Payload.GetReply url) || url.value().isEmpty()) {
                return "could not collect the files of " + peer.describe() + ": " + (answer == null ? "it did not answer" : "it has no data server");
            }
            FetchResult fetched = DataClient.fetchAll(URI.create(url.value()), PeerFiles.dataPath(testId, peer.name()),
                    RunLayout.peerDir(runDir, peer.name()));
            console.line("collected %d file(s), %d bytes from %s", fetched.files(), fetched.bytes(), peer.name());
            return null;
        } catch (DataTransferException e) {
            return "could not collect the files of " + peer.describe() + ": " + e.getMessage();
        } catch (Exception e) {
            return "could not collect the files of " + peer.describe() + ": " + e;
        }
    }
}

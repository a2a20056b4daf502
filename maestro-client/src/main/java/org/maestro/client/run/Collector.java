package org.maestro.client.run;

import org.maestro.common.dataserver.DataClient;
import org.maestro.common.dataserver.DataTransferException;
import org.maestro.common.dataserver.FetchResult;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/** Downloads a peer's files for a test into {@code <run>/peers/<name>/}, checksums verified. */
final class Collector {
    private Collector() {
    }

    /** Returns a problem to report, or null when every file arrived intact. */
    static String collect(RemotePeer remote, String testId, Path runDir, Console console) {
        PeerInfo peer = remote.info();
        try {
            String url = remote.dataUrl(Duration.ofSeconds(5));
            if (url == null || url.isEmpty()) {
                return "could not collect the files of " + peer.describe() + ": " + (url == null ? "it did not answer" : "it has no data server");
            }
            FetchResult fetched = DataClient.fetchAll(URI.create(url), PeerFiles.dataPath(testId, peer.name()),
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

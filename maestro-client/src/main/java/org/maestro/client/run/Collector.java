package org.maestro.client.run;

import org.maestro.common.dataserver.DataClient;
import org.maestro.common.dataserver.DataToken;
import org.maestro.common.dataserver.DataTransferException;
import org.maestro.common.dataserver.FetchResult;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Downloads a peer's files for a test into {@code <run>/peers/<name>/}, checksums verified, with the token the peer
 * tells over the control plane (its data server refuses every request without it).
 */
final class Collector {
    private Collector() {
    }

    /** Returns why the files could not be collected (to report as "data of X missing (why)"), or null when every file arrived intact. */
    static String collect(RemotePeer remote, String testId, Path runDir, Console console) {
        PeerInfo peer = remote.info();
        try {
            String url = remote.dataUrl(Duration.ofSeconds(5));
            if (url == null || url.isEmpty()) {
                return url == null ? "it did not answer when asked for its data server" : "it has no data server";
            }
            DataToken token = remote.dataToken(Duration.ofSeconds(5));
            if (token == null) {
                return "could not collect the files of " + peer.describe() + ": it told no token for its data server (GET "
                        + GetKeys.DATA_TOKEN + ")";
            }
            FetchResult fetched = DataClient.fetchAll(URI.create(url), token, PeerFiles.dataPath(testId, peer.name()),
                    RunLayout.peerDir(runDir, peer.name()));
            console.line("collected %d file(s), %d bytes from %s", fetched.files(), fetched.bytes(), peer.name());
            return null;
        } catch (DataTransferException e) {
            return e.getMessage();
        } catch (Exception e) {
            return e.toString();
        }
    }
}

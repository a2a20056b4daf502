package org.maestro.reports.serve;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.maestro.reports.ReportException;
import org.maestro.reports.index.RunIndex;

/**
 * The run index as {@code maestro serve} sends it: rendered from the directory when its
 * {@link RunIndex#fingerprint fingerprint} changed since the last request, else the page already rendered
 * (a listing and a few stats per run instead of reading every summary.json per request).
 */
final class CachedIndex {
    private record Page(String fingerprint, byte[] html) {
    }

    private final Path runsDir;
    private final AtomicReference<Page> last = new AtomicReference<>();

    CachedIndex(Path runsDir) {
        this.runsDir = runsDir;
    }

    byte[] html() throws ReportException {
        // Taken before rendering: a run that changes meanwhile changes the next fingerprint, so it is rendered again.
        String fingerprint = RunIndex.fingerprint(runsDir);
        Page page = last.get();
        if (page == null || !page.fingerprint().equals(fingerprint)) {
            page = new Page(fingerprint, RunIndex.render(runsDir).getBytes(StandardCharsets.UTF_8));
            last.set(page);
        }
        return page.html();
    }
}

package org.maestro.client.cli;

import org.maestro.common.util.SystemInfo;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code maestro --version} prints: the version the build wrote into maestro-common's
 * maestro-version.properties, the same one every peer's system.json gives, so no source file repeats it.
 */
public final class MaestroVersion implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[]{"maestro " + SystemInfo.maestroVersion()};
    }
}

package org.maestro.client.artemis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** Edits of the users and roles that {@code artemis create} wrote into an instance's etc directory. */
final class InstanceUsers {

    private InstanceUsers() {
    }

    /** Adds a user of the {@code amq} role to etc/artemis-users.properties and etc/artemis-roles.properties. */
    static void add(Path etc, String user, String password) throws IOException {
        if (!user.matches("[A-Za-z0-9._-]+") || password.isEmpty() || password.contains("\n")) {
            throw new IllegalArgumentException("a user name of letters, digits, '.', '_' or '-' and a one-line password are needed");
        }
        Files.writeString(etc.resolve("artemis-users.properties"), "\n" + user + " = " + password + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        Path roles = etc.resolve("artemis-roles.properties");
        List<String> lines = new ArrayList<>(Files.readAllLines(roles, StandardCharsets.UTF_8));
        boolean added = false;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\s*amq\\s*=.*")) {
                lines.set(i, lines.get(i).stripTrailing() + "," + user);
                added = true;
            }
        }
        if (!added) {
            throw new IOException(roles + " has no 'amq' role to add " + user + " to");
        }
        Files.write(roles, lines, StandardCharsets.UTF_8);
    }
}

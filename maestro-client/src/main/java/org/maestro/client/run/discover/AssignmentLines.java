package org.maestro.client.run.discover;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.Console;

/** Who plays what in a test, on the console: a line per peer, or for many peers one per role and target. */
public final class AssignmentLines {
    private AssignmentLines() {
    }

    public static void print(PeerAssignment assignment, TestPlan plan, Console console) {
        if (Console.linePerPeer(assignment.all().size())) {
            for (PeerAssignment.Assignment a : assignment.all()) {
                console.line("  %s -> %s", a.peer().describe(), Passwords.redact(a.target(plan)));
            }
            return;
        }
        // One line per role and target: "50 senders (sender-1, sender-2, sender-3 … sender-50 (50)) -> amqp://…".
        Map<String, List<String>> byTarget = new LinkedHashMap<>();
        for (PeerAssignment.Assignment a : assignment.all()) {
            byTarget.computeIfAbsent(a.role().wireName() + "s -> " + Passwords.redact(a.target(plan)), k -> new ArrayList<>())
                    .add(SafeText.of(a.peer().name()));
        }
        byTarget.forEach((roleAndTarget, names) -> console.line("  %d %s (%s)", names.size(), roleAndTarget, Console.names(names)));
    }
}

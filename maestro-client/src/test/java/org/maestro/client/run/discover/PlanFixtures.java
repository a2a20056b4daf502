package org.maestro.client.run.discover;

import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.util.List;
import java.util.Map;

/** Plans and discovered peers for the executor's pure logic, without a broker. */
public final class PlanFixtures {
    private PlanFixtures() {
    }

    /**
     * Two routes (east: 2 senders, 1 receiver; west: 1 sender, 2 receivers), two inspectors and an agent, at
     * 1000 msg/s for {@code duration}.
     */
    public static TestPlan everyPart(String duration) throws ScriptException {
        return ScriptRunner.load("every-part.groovy", """
                test {
                    name 'every-part'
                    rate 1000
                    duration '%s'
                    route 'east', url: 'amqp://east:5672/q', senders: 2, receivers: 1
                    route 'west', sendUrl: 'amqp://west:5672/in', receiveUrl: 'amqp://west:5672/out', senders: 1, receivers: 2
                    inspector 'jolokia', url: 'http://admin:secret@east:8161/console/jolokia', interval: '5s'
                    inspector 'amqp-management', url: 'amqp://west:5672'
                    agent {
                        source 'file:///srv/handlers.git'
                        timeout '2m'
                        at '20s', run: 'restart.sh', args: ['now']
                    }
                }
                """.formatted(duration), Map.of());
    }

    public static PeerInfo peer(String name, Role role, String group) {
        return new PeerInfo("id-" + name, name, "host-" + name, role, group);
    }

    /** What discovery would find for {@link #everyPart}: peers named after their part. */
    public static PeerAssignment assigned(TestPlan plan) {
        List<PeerDirectory.Requirement> needs = PeerAssignment.requirements(plan);
        List<List<PeerInfo>> found = new java.util.ArrayList<>();
        java.util.Map<String, Integer> taken = new java.util.HashMap<>();
        for (PeerDirectory.Requirement r : needs) {
            String prefix = r.role().wireName() + "-" + (r.group().isEmpty() ? "" : r.group() + "-");
            int first = taken.merge(prefix, r.count(), Integer::sum) - r.count();
            found.add(java.util.stream.IntStream.rangeClosed(first + 1, first + r.count())
                    .mapToObj(i -> peer(prefix + i, r.role(), r.group()))
                    .toList());
        }
        return PeerAssignment.of(plan, found);
    }
}

package org.maestro.common.note;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** management.url as one URL or a list of them: what each target's directory is called, and what is refused. */
class ManagementTargetTest {

    @Test
    void oneUrlIsOneUnnamedTargetAndAListNamesEachByItsNameOrHostAndPort() {
        assertEquals(List.of(new ManagementTarget("", "amqp://router:5672")), ManagementTarget.parse(" amqp://router:5672 "));
        assertEquals(List.of(), ManagementTarget.parse(" "));
        List<ManagementTarget> list = ManagementTarget.parse("router-1=amqp://127.0.0.1:5672, router-2=amqp://u:p@127.0.0.1:5674");
        assertEquals(List.of(new ManagementTarget("router-1", "amqp://127.0.0.1:5672"),
                new ManagementTarget("router-2", "amqp://u:p@127.0.0.1:5674")), list);
        assertEquals("router-1=amqp://127.0.0.1:5672,router-2=amqp://u:p@127.0.0.1:5674", ManagementTarget.format(list));
        assertEquals(List.of("r1.lab-5672", "10.0.0.2"), ManagementTarget.parse("amqp://r1.lab:5672,amqp://10.0.0.2").stream()
                .map(ManagementTarget::name).toList());
        // A named single URL has a directory of its own too; a URL's own '=' (an option) is no name.
        assertEquals(new ManagementTarget("edge", "amqp://e:5672"), ManagementTarget.parse("edge=amqp://e:5672").get(0));
        assertEquals("", ManagementTarget.parse("http://h:8161/jolokia?origin=x").get(0).name());
    }

    @Test
    void anEmptyEntryARepeatedNameOrAnEntryWithoutHostIsRefusedNamingIt() {
        assertEquals("entry 2 of 3 ('') is empty: separate the URLs by one ','",
                assertThrows(IllegalArgumentException.class, () -> ManagementTarget.parse("amqp://a:1,,amqp://b:2")).getMessage());
        assertEquals("entry 2 of 2 ('r=amqp://b:2'): a second target named 'r': give each a name of its own (NAME=URL)",
                assertThrows(IllegalArgumentException.class, () -> ManagementTarget.parse("r=amqp://a:1,r=amqp://b:2")).getMessage());
        assertEquals("entry 2 of 2 ('router-2'): no host in it (expected e.g. amqp://router:5672, or NAME=URL)",
                assertThrows(IllegalArgumentException.class, () -> ManagementTarget.parse("amqp://a:1,router-2")).getMessage());
        assertEquals("entry 1 of 2 ('r='): no URL after 'r='",
                assertThrows(IllegalArgumentException.class, () -> ManagementTarget.parse("r=,amqp://b:2")).getMessage());
    }
}

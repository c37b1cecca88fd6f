"""SAOS (www.saos.org.pl): Polish court judgments — client (the resolver), treatment (later judgments that
reference one), search."""

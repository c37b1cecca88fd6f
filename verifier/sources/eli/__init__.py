"""The Sejm ELI API (api.sejm.gov.pl/eli): Polish acts — client (the resolver), structure (art./§/ust./pkt
units from `text.html`), history (the act's amendments and consolidated texts), search."""

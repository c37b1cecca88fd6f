from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Serve fake law.go.kr, SAOS, ELI and CELLAR APIs on 127.0.0.1 from the test corpus (development)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8765)
        parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every response")
        parser.add_argument("--fault-rate", type=float, default=0.0, help="share of requests answered badly")

    def handle(self, *args: Any, **options: Any) -> None:
        from fakes.__main__ import main

        main(
            [
                "--port",
                str(options["port"]),
                "--latency",
                str(options["latency"]),
                "--fault-rate",
                str(options["fault_rate"]),
            ]
        )

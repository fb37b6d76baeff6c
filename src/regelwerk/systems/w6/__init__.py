"""W6 Proben of "Meister der Magie" (rules/w6-proben.de.txt): pools of d6 in
which every 5 and 6 is a success (Erfolg)."""

from regelwerk.systems.w6.advice import Advice, advise
from regelwerk.systems.w6.complex import ComplexProbe, complex_probe
from regelwerk.systems.w6.contest import Contest, TiePolicy, contest
from regelwerk.systems.w6.pool import DIFFICULTIES, Pool
from regelwerk.systems.w6.probe import Probe, probe, success_distribution

__all__ = [
    "DIFFICULTIES",
    "Advice",
    "ComplexProbe",
    "Contest",
    "Pool",
    "Probe",
    "TiePolicy",
    "advise",
    "complex_probe",
    "contest",
    "probe",
    "success_distribution",
]

Model status
Infeasible

# Primal solution values
None

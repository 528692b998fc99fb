Model status
Optimal

# Primal solution values
Feasible
Objective 0
# Columns 64
x_r1c1_1 1
